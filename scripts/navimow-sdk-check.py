"""Runs the public navimow-sdk against this backend, as a user would: only the base URL and a token changed.

    PYTHONPATH=<a checkout of github.com/segwaynavimow/navimow-sdk> /usr/bin/python3 scripts/navimow-sdk-check.py [base URL]

Needs Debian's python3-aiohttp and python3-paho-mqtt and a running server with its demo (`npm start`). It links the
demo owner as Home Assistant does (authorize with channel=homeassistant, the code exchanged at
/openapi/oauth/getAccessToken), then uses the sdk's own MowerAPI and NavimowSDK unchanged: lists the mowers, reads
status and battery, sends start, pause, resume and dock and checks the state follows over HTTP and over MQTT.
Not part of `npm test` (the sdk is not vendored: it is GPL); server/modules/fleet/openapi-routes.test.ts and
mqtt-broker.test.ts drive the same requests in TypeScript.
"""

import asyncio
import base64
import hashlib
import secrets
import sys
from urllib.parse import parse_qs, urlparse

import aiohttp
from mower_sdk.api import MowerAPI
from mower_sdk.models import MowerCommand
from mower_sdk.sdk import NavimowSDK

BASE = (sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:4173").rstrip("/")
CLIENT_ID, CLIENT_SECRET = "homeassistant", "homeassistant-demo-secret"
REDIRECT = "https://my.home-assistant.io/redirect/oauth"
OWNED, SHARED, NOT_SHARED = "NVM-DEMO-0001", "NVM-DEMO-0002", "NVM-DEMO-0003"


async def link(session: aiohttp.ClientSession) -> str:
    verifier = secrets.token_urlsafe(32)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    params = {
        "response_type": "code", "client_id": CLIENT_ID, "redirect_uri": REDIRECT, "state": "sdk-check",
        "channel": "homeassistant", "code_challenge": challenge, "code_challenge_method": "S256",
    }
    async with session.get(f"{BASE}/smartHome/login", params=params, allow_redirects=False) as r:
        location = r.headers["Location"]
    async with session.get(f"{BASE}{location}", allow_redirects=False) as r:
        uid = r.headers["Location"].rstrip("/").split("/")[-1]
    login = {"account": "demo@navimow.example", "password": "Navimow-demo-1"}
    async with session.post(f"{BASE}/oauth/interaction/{uid}/login", json=login) as r:
        redirect_to = (await r.json())["redirect_to"]
    async with session.get(redirect_to if redirect_to.startswith("http") else f"{BASE}{redirect_to}", allow_redirects=False) as r:
        code = parse_qs(urlparse(r.headers["Location"]).query)["code"][0]
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "code_verifier": verifier,
            "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET}
    async with session.post(f"{BASE}/openapi/oauth/getAccessToken", data=form) as r:
        token = await r.json()
    assert "expires_in" in token and "refresh_token" in token, token
    return token["access_token"]


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        raise SystemExit(1)


async def main() -> None:
    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        api = MowerAPI(session=session, token=await link(session), base_url=BASE)
        devices = await api.async_get_devices()
        ids = [device.id for device in devices]
        check(OWNED in ids and SHARED in ids and NOT_SHARED not in ids, f"authList: {ids}")
        statuses = await api.async_get_device_statuses(ids)
        for device_id, status in statuses.items():
            print(f"     {device_id}: {status.status.value}, battery {status.battery} %")
        check(all(0 < status.battery <= 100 for status in statuses.values()), "getVehicleStatus: state and battery")

        info = await api.async_get_mqtt_user_info()
        states: list = []
        sdk = NavimowSDK(broker=info["mqttHost"], port=info["mqttPort"], username=info["userName"],
                         password=info["pwdInfo"], ws_path=info.get("mqttUrl"), loop=loop, records=devices)
        sdk.on_state(lambda message: states.append((message.device_id, message.state, message.battery)))
        sdk.connect()

        async def mqtt_state(expected: str) -> bool:
            for _ in range(50):
                if any(d == OWNED and s == expected for d, s, _ in states):
                    return True
                await asyncio.sleep(0.1)
            return False

        check(await mqtt_state((await api.async_get_device_status(OWNED)).status.value), "MQTT: retained state on connect")
        # The second start is a repeat: alreadyInState, which the sdk takes as success; nothing new on MQTT.
        for command, expected, live in [(MowerCommand.START, "mowing", True), (MowerCommand.START, "mowing", False),
                                        (MowerCommand.PAUSE, "paused", True), (MowerCommand.RESUME, "mowing", True),
                                        (MowerCommand.DOCK, "returning", True)]:
            states.clear()
            await api.async_send_command(OWNED, command)
            status = await api.async_get_device_status(OWNED)
            check(status.status.value == expected, f"{command.value}: HTTP state {status.status.value}")
            if live:
                check(await mqtt_state(expected), f"{command.value}: MQTT state {expected}")
        try:
            await api.async_get_device_status(NOT_SHARED)
            check(False, "another account's mower is out of reach")
        except Exception as error:  # noqa: BLE001 - the sdk raises MowerAPIError with status 404
            check("404" in str(getattr(error, "status_code", "")) or "not found" in str(error).lower(), f"another account's mower: {error}")
        sdk.disconnect()


asyncio.run(main())
