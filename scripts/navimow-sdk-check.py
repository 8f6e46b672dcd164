"""Runs the public navimow-sdk against this backend, as Home Assistant does: only the base URL and a token changed.

    PYTHONPATH=<a checkout of github.com/segwaynavimow/navimow-sdk> /usr/bin/python3 scripts/navimow-sdk-check.py [base URL]
    ... scripts/navimow-sdk-check.py https://localhost --tls-proxy 4173   # through a local TLS proxy on 443

Needs Debian's python3-aiohttp and python3-paho-mqtt and a running server with its demo and simulator (`npm start`).
It links the demo owner as Home Assistant does (authorize with channel=homeassistant, the code exchanged at
/openapi/oauth/getAccessToken), derives the MQTT parameters from `userInfo/get/v2` the way Home Assistant's
integration does (custom_components/navimow/__init__.py: TCP to mqttHost on its own port 1883 without mqttUrl; a TLS
WebSocket on 443, or on the port of a full wss:// mqttUrl, with the token as a bearer header), and then uses the sdk's
own MowerAPI and NavimowSDK unchanged: lists the mowers, reads status and battery, sends start, pause, resume and dock
and follows the state over HTTP and MQTT, has the simulator report a fault (its code on the event topic) and take a
mower offline (every command an error).

Set-ups (docs/mqtt.md):
- direct: `npm start`, base URL http://127.0.0.1:4173; MQTT over TCP on 1883.
- TLS proxy: the server with PUBLIC_URL=https://localhost TRUST_PROXY=on (e.g. `PUBLIC_URL=https://localhost
  TRUST_PROXY=on npm start`), and `--tls-proxy 4173`: this script makes a throwaway CA and a certificate for localhost
  with `openssl`, trusts it through SSL_CERT_FILE, and terminates TLS on 443 (needs root) as nginx would, forwarding
  to 127.0.0.1:4173 the API and the /mqtt WebSocket alike. Without `--tls-proxy`, an https base URL goes through a
  proxy already there (nginx with the lines of docs/mqtt.md), its CA trusted by the caller's SSL_CERT_FILE.
Not part of `npm test` (the sdk is not vendored: it is GPL); server/modules/mqtt/home-assistant-mqtt.test.ts and
openapi-routes.test.ts drive the same requests in TypeScript.
"""

import argparse
import asyncio
import os
import subprocess
import tempfile
from urllib.parse import parse_qs, urlparse

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("base", nargs="?", default="http://127.0.0.1:4173")
parser.add_argument("--tls-proxy", type=int, metavar="SERVER_PORT", help="terminate TLS on the base URL's port, forwarding to this port")
parser.add_argument("--ha-mqtt-port", type=int, default=1883, help="Home Assistant's config entry mqtt_port (1883 as created)")
ARGS = parser.parse_args()
BASE = ARGS.base.rstrip("/")
CLIENT_ID, CLIENT_SECRET = "homeassistant", "homeassistant-demo-secret"
REDIRECT = "https://my.home-assistant.io/redirect/oauth"
OWNER = {"account": "demo@navimow.example", "password": "Navimow-demo-1"}
OWNED, SHARED, NOT_SHARED = "NVM-DEMO-0001", "NVM-DEMO-0002", "NVM-DEMO-0003"


def throwaway_ca(directory: str, host: str) -> tuple[str, str, str]:
    """A CA and a certificate it signs for `host`, made with openssl; answers the CA, certificate and key files."""
    def run(*command: str) -> None:
        subprocess.run(command, check=True, capture_output=True)
    ca_key, ca, key, csr, cert = (os.path.join(directory, name) for name in ("ca.key", "ca.pem", "server.key", "server.csr", "server.pem"))
    ext = os.path.join(directory, "server.ext")
    with open(ext, "w") as file:
        file.write(f"subjectAltName=DNS:{host},IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    run("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
        "-subj", "/CN=navimow-sdk-check throwaway CA", "-keyout", ca_key, "-out", ca)
    run("openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", f"/CN={host}",
        "-keyout", key, "-out", csr)
    run("openssl", "x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-days", "1",
        "-extfile", ext, "-out", cert)
    return ca, cert, key


async def tls_proxy(port: int, upstream: int, cert: str, key: str) -> asyncio.AbstractServer:
    """What nginx does in front of the server (docs/mqtt.md): TLS ends here, each request goes on with
    X-Forwarded-Proto/-For (the OAuth server builds its URLs from them), a WebSocket upgrade as an upgrade, and then
    the bytes both ways. One request per connection (`Connection: close`), so that every request head passes here."""
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            writer.close()
            return
        request_line, *lines = head.decode("latin-1").rstrip("\r\n").split("\r\n")
        upgrade = any(line.lower().startswith("upgrade:") for line in lines)
        kept = [line for line in lines if upgrade or not line.lower().startswith(("connection:", "keep-alive:"))]
        client = writer.get_extra_info("peername")[0]
        forwarded = [f"X-Forwarded-Proto: https", f"X-Forwarded-For: {client}"] + ([] if upgrade else ["Connection: close"])
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", upstream)
        up_writer.write("\r\n".join([request_line, *kept, *forwarded, "", ""]).encode("latin-1"))
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    return await asyncio.start_server(handle, "127.0.0.1", port, ssl=context)


def home_assistant_mqtt(info: dict, access_token: str, entry_port: int) -> dict:
    """The MQTT arguments Home Assistant's async_setup_entry gives NavimowSDK for this userInfo/get/v2 answer."""
    host = info.get("mqttHost") or "mqtt.navimow.com"
    url = info.get("mqttUrl")
    port = 443 if url else entry_port
    ws_path = url
    if url:
        parts = urlparse(url)
        if parts.scheme in ("ws", "wss") and parts.hostname:
            host = host or parts.hostname
            port = parts.port or port
            ws_path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return {
        "broker": host, "port": port, "username": info.get("userName"), "password": info.get("pwdInfo"),
        "ws_path": ws_path, "auth_headers": {"Authorization": f"Bearer {access_token}"} if ws_path else None,
    }


async def link(session) -> str:
    # Exactly Home Assistant's LocalOAuth2Implementation with NavimowHA's channel: no PKCE, no scope, the secret in the
    # body of the token request.
    params = {"response_type": "code", "client_id": CLIENT_ID, "redirect_uri": REDIRECT, "state": "sdk-check", "channel": "homeassistant"}
    async with session.get(f"{BASE}/smartHome/login", params=params, allow_redirects=False) as r:
        location = r.headers["Location"]
    async with session.get(location if location.startswith("http") else f"{BASE}{location}", allow_redirects=False) as r:
        uid = r.headers["Location"].rstrip("/").split("/")[-1]
    async with session.post(f"{BASE}/oauth/interaction/{uid}/login", json=OWNER) as r:
        redirect_to = (await r.json())["redirect_to"]
    async with session.get(redirect_to if redirect_to.startswith("http") else f"{BASE}{redirect_to}", allow_redirects=False) as r:
        code = parse_qs(urlparse(r.headers["Location"]).query)["code"][0]
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET}
    async with session.post(f"{BASE}/openapi/oauth/getAccessToken", data=form) as r:
        token = await r.json()
    assert "expires_in" in token and "refresh_token" in token, token
    return token["access_token"]


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        raise SystemExit(1)


async def until(condition, seconds: float = 5.0) -> bool:
    for _ in range(int(seconds * 10)):
        if condition():
            return True
        await asyncio.sleep(0.1)
    return False


async def main() -> None:
    import aiohttp
    from mower_sdk.api import MowerAPI
    from mower_sdk.errors import MowerAPIError
    from mower_sdk.models import MowerCommand
    from mower_sdk.sdk import NavimowSDK

    loop = asyncio.get_running_loop()
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        token = await link(session)
        api = MowerAPI(session=session, token=token, base_url=BASE)
        devices = await api.async_get_devices()
        ids = [device.id for device in devices]
        check(OWNED in ids and SHARED in ids and NOT_SHARED not in ids, f"authList: {ids}")
        statuses = await api.async_get_device_statuses(ids)
        for device_id, status in statuses.items():
            print(f"     {device_id}: {status.status.value}, battery {status.battery} %")
        check(all(0 < status.battery <= 100 for status in statuses.values()), "getVehicleStatus: state and battery")

        info = await api.async_get_mqtt_user_info()
        print(f"     userInfo/get/v2: mqttHost={info.get('mqttHost')} mqttPort={info.get('mqttPort')} mqttUrl={info.get('mqttUrl')}")
        params = home_assistant_mqtt(info, token, ARGS.ha_mqtt_port)
        print(f"     Home Assistant's NavimowSDK arguments: broker={params['broker']} port={params['port']} "
              f"ws_path={params['ws_path']} auth_headers={'Bearer <token>' if params['auth_headers'] else None}")
        states: list = []
        events: list = []
        attributes: list = []
        sdk = NavimowSDK(**params, loop=loop, records=devices, keepalive_seconds=2400, reconnect_min_delay=1, reconnect_max_delay=60)
        mqtt = sdk._mqtt  # noqa: SLF001 - reported, as Home Assistant logs it
        print(f"     sdk connects: transport={'websockets' if mqtt.ws_path else 'tcp'} broker={mqtt.broker} port={mqtt.port} "
              f"tls={mqtt._use_tls} client_id={mqtt._client_id}")  # noqa: SLF001
        sdk.on_state(lambda message: states.append((message.device_id, message.state, message.battery)))
        sdk.on_event(events.append)
        sdk.on_attributes(attributes.append)
        sdk.connect()
        check(await until(lambda: sdk.is_connected), "MQTT: connected")

        def mqtt_state(device: str, expected: str) -> bool:
            return any(d == device and s == expected for d, s, _ in states)

        now = (await api.async_get_device_status(OWNED)).status.value
        check(await until(lambda: mqtt_state(OWNED, now)), f"MQTT: retained state on connect ({now})")
        check(await until(lambda: any(a.device_id == SHARED and a.attributes.get("serial_number") == SHARED for a in attributes)),
              "MQTT: retained attributes on connect")
        # The second start is a repeat: alreadyInState, which the sdk takes as success; nothing new on MQTT.
        for command, expected, live in [(MowerCommand.START, "mowing", True), (MowerCommand.START, "mowing", False),
                                        (MowerCommand.PAUSE, "paused", True), (MowerCommand.RESUME, "mowing", True),
                                        (MowerCommand.DOCK, "returning", True)]:
            states.clear()
            await api.async_send_command(OWNED, command)
            status = await api.async_get_device_status(OWNED)
            check(status.status.value == expected, f"{command.value}: HTTP state {status.status.value}")
            if live:
                check(await until(lambda: mqtt_state(OWNED, expected)), f"{command.value}: MQTT state {expected}")
        # The cloud's cmdNum, followed with the sdk's own async_query_command_results: 2 in progress, then 3 done.
        sent = await api.async_send_command(OWNED, MowerCommand.START)
        tracked = sent.get("payload", {}).get("devices", [])
        check(len(tracked) == 1 and tracked[0].get("id") == OWNED and tracked[0].get("cmdNum"), f"sendCommands: devices {tracked}")
        first = await api.async_query_command_results(tracked)
        print(f"     responseCommands: {first}")
        await asyncio.sleep(2.5)  # the simulated mower confirms 2 s after the command
        done = await api.async_query_command_results(tracked)
        check([r.get("status") for r in first] == [2] and [r.get("status") for r in done] == [3],
              f"responseCommands: {[r.get('status') for r in first]} then {[r.get('status') for r in done]}")
        await api.async_send_command(OWNED, MowerCommand.DOCK)
        # mowingStarted for a new job; a job left over from an earlier run goes on with stateChanged only.
        seen = sorted({e.event for e in events if e.device_id == OWNED})
        check("stateChanged" in seen, f"MQTT events: {seen}")

        # What the simulator panel does: the mower reports a fault, then goes offline (needs NAVIMOW_SIMULATOR=on).
        async with session.post(f"{BASE}/api/auth/login", json=OWNER) as r:
            app_headers = {"Authorization": f"Bearer {(await r.json())['access_token']}"}

        async def report(serial: str, body: dict) -> None:
            async with session.post(f"{BASE}/api/simulator/mowers/{serial}/report", json=body, headers=app_headers) as r:
                check(r.status == 200, f"simulator: {serial} reports {body}")

        await report(SHARED, {"kind": "fault", "reason": "stuck"})
        check(await until(lambda: any(e.event == "fault" and (e.params or {}).get("code") == "E-203" for e in events)),
              "MQTT event: fault with params.code E-203")
        fault = next(e for e in events if e.event == "fault")
        print(f"     DeviceEventMessage: type={fault.type} event={fault.event} level={fault.level} message={fault.message!r} params={fault.params}")
        check(await until(lambda: mqtt_state(SHARED, "error")), "MQTT state: error")
        await report(SHARED, {"kind": "clear"})
        await report(SHARED, {"kind": "offline"})
        check(await until(lambda: mqtt_state(SHARED, "unknown")), "MQTT state: offline (the sdk's unknown)")
        for command in (MowerCommand.START, MowerCommand.DOCK):
            try:
                await api.async_send_command(SHARED, command)
                check(False, f"{command.value} to an offline mower")
            except MowerAPIError as error:
                check(error.error_code == "deviceOffline", f"{command.value} to an offline mower: MowerAPIError {error}")
        await report(SHARED, {"kind": "online"})

        try:
            await api.async_get_device_status(NOT_SHARED)
            check(False, "another account's mower is out of reach")
        except MowerAPIError as error:
            check(error.status_code == 404, f"another account's mower: {error}")
        sdk.disconnect()


async def run() -> None:
    if not ARGS.tls_proxy:
        return await main()
    base = urlparse(BASE)
    with tempfile.TemporaryDirectory(prefix="navimow-tls-") as directory:
        ca, cert, key = throwaway_ca(directory, base.hostname or "localhost")
        # OpenSSL reads it when aiohttp and paho load the default CAs, so the throwaway CA is trusted like a real one.
        os.environ["SSL_CERT_FILE"] = ca
        server = await tls_proxy(base.port or 443, ARGS.tls_proxy, cert, key)
        print(f"     TLS proxy: {BASE} -> http://127.0.0.1:{ARGS.tls_proxy}, CA {ca} trusted through SSL_CERT_FILE")
        try:
            await main()
        finally:
            server.close()


asyncio.run(run())
