import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { mqttEndpoint } from './mqtt-endpoint.ts';
import { homeAssistantMqtt, navimowSdkConnection } from '../../testing/navimow-test-client.ts';

const TOKEN = 'access-token';

/** What `userInfo/get/v2` answers under these settings, and where Home Assistant, through the sdk, connects then. */
function setUp(env: Record<string, string>, boundTcpPort?: number) {
  const config = loadConfig({ NAVIMOW_DEMO: 'on', ...env });
  const endpoint = mqttEndpoint(config.publicUrl, config.mqtt, boundTcpPort ?? config.mqtt.port);
  if (!endpoint) return { endpoint, homeAssistant: undefined };
  const params = homeAssistantMqtt({ ...endpoint, userName: 'nvm_user', pwdInfo: 'secret' }, TOKEN);
  const { url, tls, options } = navimowSdkConnection(params);
  return { endpoint, homeAssistant: { url, tls, headers: options.wsOptions?.headers } };
}

describe('where userInfo/get/v2 sends MQTT clients, and where Home Assistant then connects', () => {
  it('by default (plain http, the embedded broker on 1883): TCP to the public host', () => {
    expect(setUp({})).toEqual({
      endpoint: { mqttHost: '127.0.0.1', mqttPort: 1883 },
      homeAssistant: { url: 'mqtt://127.0.0.1:1883', tls: false, headers: undefined },
    });
  });

  it('behind an https proxy on 443: the WebSocket path, TLS on 443 of the public host, the token as a bearer header', () => {
    const { endpoint, homeAssistant } = setUp({ PUBLIC_URL: 'https://navimow.example', TRUST_PROXY: 'on' });
    expect(endpoint).toEqual({ mqttHost: 'navimow.example', mqttUrl: '/mqtt' });
    expect(homeAssistant).toEqual({
      url: 'wss://navimow.example:443/mqtt',
      tls: true,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(setUp({ PUBLIC_URL: 'https://navimow.example', MQTT_WS_PATH: '/live/mqtt' }).homeAssistant?.url).toBe(
      'wss://navimow.example:443/live/mqtt',
    );
  });

  it('behind an https proxy on another port: a full wss:// URL, since a bare path means 443', () => {
    const { endpoint, homeAssistant } = setUp({ PUBLIC_URL: 'https://navimow.example:8443/' });
    expect(endpoint).toEqual({ mqttHost: 'navimow.example', mqttUrl: 'wss://navimow.example:8443/mqtt' });
    expect(homeAssistant?.url).toBe('wss://navimow.example:8443/mqtt');
  });

  it('names MQTT_PUBLIC_HOST for the WebSocket too: the clients connect it to mqttHost', () => {
    const { endpoint, homeAssistant } = setUp({
      PUBLIC_URL: 'https://navimow.example',
      MQTT_PUBLIC_HOST: 'mqtt.navimow.example',
    });
    expect(endpoint).toMatchObject({ mqttHost: 'mqtt.navimow.example', mqttUrl: '/mqtt' });
    expect(homeAssistant?.url).toBe('wss://mqtt.navimow.example:443/mqtt');
  });

  it('behind https without the WebSocket (MQTT_WS_PATH=off): TCP again', () => {
    expect(setUp({ PUBLIC_URL: 'https://navimow.example', MQTT_WS_PATH: 'off' }).homeAssistant).toEqual({
      url: 'mqtt://navimow.example:1883',
      tls: false,
      headers: undefined,
    });
  });

  it('over TCP, Home Assistant keeps to 1883 whatever mqttPort says (the server warns at start)', () => {
    const { endpoint, homeAssistant } = setUp({ MQTT_PORT: '1884' });
    expect(endpoint).toEqual({ mqttHost: '127.0.0.1', mqttPort: 1884 });
    expect(homeAssistant?.url).toBe('mqtt://127.0.0.1:1883');
    expect(setUp({ MQTT_PORT: '0' }, 40_001).endpoint?.mqttPort).toBe(40_001);
  });

  it('with an external broker: its port, on MQTT_PUBLIC_HOST or the public host; its WebSocket behind the proxy over https', () => {
    const external = { MQTT_URL: 'mqtt://navimow-server:password@10.0.0.5:1883' };
    expect(setUp({ ...external, PUBLIC_URL: 'http://navimow.example' }).endpoint).toEqual({
      mqttHost: 'navimow.example',
      mqttPort: 1883,
    });
    expect(
      setUp({ ...external, MQTT_PUBLIC_HOST: 'mqtt.navimow.example', MQTT_PUBLIC_PORT: '1883' }).homeAssistant?.url,
    ).toBe('mqtt://mqtt.navimow.example:1883');
    expect(setUp({ ...external, PUBLIC_URL: 'https://navimow.example' })).toMatchObject({
      endpoint: { mqttHost: 'navimow.example', mqttUrl: '/mqtt' },
      homeAssistant: { url: 'wss://navimow.example:443/mqtt', tls: true },
    });
    expect(setUp({ ...external, PUBLIC_URL: 'https://navimow.example', MQTT_WS_PATH: 'off' }).homeAssistant?.url).toBe(
      'mqtt://navimow.example:1883',
    );
  });

  it('offers nothing when there is neither a TCP port nor a WebSocket for clients (userInfo answers 503)', () => {
    expect(setUp({ MQTT_PORT: 'off' }).endpoint).toBeUndefined();
    expect(setUp({ MQTT_URL: 'ws://10.0.0.5:9001/mqtt' }).endpoint).toBeUndefined();
    expect(setUp({ MQTT_URL: 'ws://10.0.0.5:9001/mqtt', PUBLIC_URL: 'https://navimow.example' }).endpoint).toEqual({
      mqttHost: 'navimow.example',
      mqttUrl: '/mqtt',
    });
  });
});
