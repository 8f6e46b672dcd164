import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';

/**
 * The public clients as the API tests drive them: Home Assistant's OAuth (authorize with `channel`, the code
 * and refresh exchanged at /openapi/oauth/getAccessToken with the client's credentials in the body) and
 * navimow-sdk's `MowerAPI` (its paths, bodies and `requestId` header, its reading of `code` and `data.payload`).
 */

const HA = {
  id: 'homeassistant',
  secret: 'homeassistant-demo-secret',
  redirect: 'https://my.home-assistant.io/redirect/oauth',
};

export interface TokenReply {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

function cookiesOf(header: string | string[] | undefined, jar: Map<string, string>) {
  for (const cookie of Array.isArray(header) ? header : header ? [header] : []) {
    const [pair] = cookie.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
}

/** Links the account as Home Assistant does and answers its token reply. */
export async function linkHomeAssistant(
  app: FastifyInstance,
  { account, password, scope }: { account: string; password: string; scope?: string },
): Promise<TokenReply> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: HA.id,
    redirect_uri: HA.redirect,
    state: randomUUID(),
    channel: 'homeassistant',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(scope && { scope }),
  });
  const authorize = await app.inject({ method: 'GET', url: `/smartHome/login?${query}` });
  const start = await app.inject({ method: 'GET', url: authorize.headers.location!, headers: { cookie: cookie() } });
  cookiesOf(start.headers['set-cookie'], jar);
  const uid = start.headers.location!.split('/').at(-1)!;
  const login = await app.inject({
    method: 'POST',
    url: `/oauth/interaction/${uid}/login`,
    headers: { cookie: cookie() },
    payload: { account, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  cookiesOf(login.headers['set-cookie'], jar);
  const resume = await app.inject({
    method: 'GET',
    url: login.json<{ redirect_to: string }>().redirect_to,
    headers: { cookie: cookie() },
  });
  const code = new URL(resume.headers.location!).searchParams.get('code');
  if (!code) throw new Error(`no code: ${resume.headers.location}`);
  const reply = await tokenEndpoint(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: HA.redirect,
    code_verifier: verifier,
  });
  if (reply.statusCode !== 200) throw new Error(`token exchange failed: ${reply.body}`);
  return reply.json<TokenReply>();
}

/** Home Assistant's `LocalOAuth2Implementation`: a form with the client's id and secret in it. */
export function tokenEndpoint(app: FastifyInstance, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/openapi/oauth/getAccessToken',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...form, client_id: HA.id, client_secret: HA.secret }).toString(),
  });
}

/** navimow-sdk's `MowerAPI._async_request`. */
export function sdkRequest(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  endpoint: string,
  data?: unknown,
) {
  return app.inject({
    method,
    url: endpoint,
    headers: {
      authorization: `Bearer ${token}`,
      requestId: randomUUID(),
      ...(data !== undefined && { 'content-type': 'application/json' }),
    },
    ...(data !== undefined && { payload: JSON.stringify(data) }),
  });
}

/** navimow-sdk's `MowerCommand` and the body `async_send_command` builds for it. */
export const SDK_COMMANDS = {
  start: { command: 'action.devices.commands.StartStop', params: { on: true } },
  stop: { command: 'action.devices.commands.StartStop', params: { on: false } },
  pause: { command: 'action.devices.commands.PauseUnpause', params: { on: false } },
  resume: { command: 'action.devices.commands.PauseUnpause', params: { on: true } },
  dock: { command: 'action.devices.commands.Dock' },
} as const;

export const sendCommandBody = (deviceId: string, command: keyof typeof SDK_COMMANDS) => ({
  commands: [{ devices: [{ id: deviceId }], execution: SDK_COMMANDS[command] }],
});

/** `_normalize_state_value` of navimow-sdk's models.py, for the raw states this API sends. */
export const SDK_STATE: Record<string, string> = {
  isDocked: 'docked',
  isIdle: 'idle',
  isRunning: 'mowing',
  isPaused: 'paused',
  isDocking: 'returning',
  Error: 'error',
  Offline: 'unknown',
};

/** `_extract_battery_value`: `battery`, else the PERCENTAGE entry of `capacityRemaining`. */
export function sdkBattery(data: {
  battery?: unknown;
  capacityRemaining?: { unit: string; rawValue: number }[];
}): number {
  if (typeof data.battery === 'number') return data.battery;
  return data.capacityRemaining?.find((item) => item.unit.toUpperCase() === 'PERCENTAGE')?.rawValue ?? 0;
}

/** What `userInfo/get/v2` answers in `data`. */
export interface MqttUserInfo {
  mqttHost: string;
  mqttPort?: number;
  mqttUrl?: string;
  userName: string;
  pwdInfo: string;
}

/** Home Assistant's config entry as its config flow creates it: the cloud's constants (the user edits `api_base_url`). */
export interface HomeAssistantEntry {
  mqtt_broker?: string;
  mqtt_port?: number;
}

/** The arguments Home Assistant's `async_setup_entry` passes to `NavimowSDK` (the MQTT part). */
export interface HomeAssistantMqtt {
  broker: string;
  port: number;
  username: string;
  password: string;
  wsPath: string | undefined;
  authHeaders: Record<string, string> | undefined;
}

/** Python's `urlparse` for the URLs in question: scheme, host, port, path and query of `ws(s)://…`, else nothing. */
function parseWebSocketUrl(text: string) {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\[[^\]]*\]|[^/:?#]*)(?::(\d+))?([^?#]*)(?:\?([^#]*))?/i.exec(text);
  if (!match) return undefined;
  const [, scheme = '', host = '', port, path = '', query = ''] = match;
  return {
    scheme: scheme.toLowerCase(),
    hostname: host.replace(/^\[|\]$/g, '').toLowerCase(),
    port: port ? Number(port) : undefined,
    path,
    query,
  };
}

/**
 * How Home Assistant's Navimow integration (custom_components/navimow/__init__.py) turns `userInfo/get/v2` into the
 * sdk's MQTT parameters: the host from `mqttHost`; without `mqttUrl`, TCP on its config entry's port (1883 as
 * created), `mqttPort` unread; with `mqttUrl`, a WebSocket on 443 at that path, or, for a full `ws(s)://` URL, at its
 * path and on its port if it names one (its host only when `mqttHost` is empty); and the access token as a bearer
 * header on the WebSocket. Empty strings count as absent, as in Python.
 */
export function homeAssistantMqtt(
  info: MqttUserInfo,
  accessToken: string,
  entry: HomeAssistantEntry = {},
): HomeAssistantMqtt {
  let broker = info.mqttHost || entry.mqtt_broker || 'mqtt.navimow.com';
  const mqttUrl = info.mqttUrl || undefined;
  let port = mqttUrl ? 443 : (entry.mqtt_port ?? 1883);
  let wsPath = mqttUrl;
  const parsed = mqttUrl ? parseWebSocketUrl(mqttUrl) : undefined;
  if (parsed && (parsed.scheme === 'ws' || parsed.scheme === 'wss') && parsed.hostname) {
    if (!broker) broker = parsed.hostname;
    if (parsed.port) port = parsed.port;
    wsPath = `${parsed.path || '/'}${parsed.query ? `?${parsed.query}` : ''}`;
  }
  return {
    broker,
    port,
    username: info.userName,
    password: info.pwdInfo,
    wsPath,
    authHeaders: wsPath ? { Authorization: `Bearer ${accessToken}` } : undefined,
  };
}

/**
 * How navimow-sdk's `NavimowMQTT` connects with those arguments (mower_sdk/mqtt.py), as an `mqtt` client URL and
 * options: TLS whenever there is a WebSocket path, the path and headers on the WebSocket, client id
 * `web_<user name>_<10 hex>`, keepalive 2400 s (what Home Assistant asks for), MQTT 3.1.1 (paho's default).
 */
export function navimowSdkConnection({ broker, port, username, password, wsPath, authHeaders }: HomeAssistantMqtt) {
  const parsed = parseWebSocketUrl(broker);
  const host = parsed?.hostname || broker;
  const tls = Boolean(wsPath) || parsed?.scheme === 'wss';
  const scheme = wsPath ? (tls ? 'wss' : 'ws') : tls ? 'mqtts' : 'mqtt';
  return {
    url: `${scheme}://${host}:${parsed?.port ?? port}${wsPath ?? ''}`,
    tls,
    options: {
      clientId: `web_${username || 'unknown'}_${randomBytes(5).toString('hex')}`,
      username,
      password,
      keepalive: 2400,
      protocolVersion: 4 as const,
      ...(wsPath && { wsOptions: { headers: { ...authHeaders } } }),
    },
  };
}

/**
 * navimow-sdk's `MowerAPI.async_send_command`: any result with `status: "ERROR"` other than `alreadyInState` raises
 * `MowerAPIError` with that `errorCode`, which Home Assistant shows as the action's error; answers its error code,
 * or undefined when the sdk takes the answer as done.
 */
export function sdkCommandError(body: {
  code?: unknown;
  desc?: unknown;
  data?: { payload?: { commands?: { status?: string; errorCode?: string }[] } };
}): string | undefined {
  if (body.code !== 1) return `API_REQUEST_FAILED: ${String(body.desc)}`;
  for (const result of body.data?.payload?.commands ?? []) {
    if (result.status !== 'ERROR') continue;
    const errorCode = result.errorCode || 'COMMAND_FAILED';
    if (errorCode !== 'alreadyInState') return errorCode;
  }
  return undefined;
}

/** A message as a test received it: its topic, its JSON, whether it was the retained one. */
export interface ReceivedMessage {
  topic: string;
  payload: Record<string, unknown>;
  retain: boolean;
}

/** Collects a client's messages and waits for the first that matches. */
export function inbox(client: MqttClient) {
  const messages: ReceivedMessage[] = [];
  const waiters: (() => void)[] = [];
  client.on('message', (topicName, payload, packet) => {
    messages.push({
      topic: topicName,
      payload: JSON.parse(payload.toString()) as Record<string, unknown>,
      retain: packet.retain,
    });
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    messages,
    async next(match: (message: ReceivedMessage) => boolean, timeoutMs = 3000): Promise<ReceivedMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching message; got ${JSON.stringify(messages.map((message) => message.topic))}`);
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise((resolve) => setTimeout(resolve, 100)),
        ]);
      }
    },
  };
}

/** The SUBACK's return codes: 0 granted (QoS 0), 128 refused (mqtt.js rejects then, with the packet). */
export async function grants(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(topics)).map((grant) => grant.qos);
  } catch (error) {
    const granted = (error as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted;
    if (!granted) throw error;
    return granted.map((grant) => (typeof grant === 'number' ? grant : grant.qos));
  }
}
