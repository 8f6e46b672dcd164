import { call } from './bridge/bridge.ts';
import type { CommonAppData } from './bridge/methods.ts';
import { reportUnexpected, setReportTags } from './error-reporting/error-reporting.ts';

/**
 * What the native app tells the page about its user and device (getCommonAppData), read once per page load
 * and again only when the API says the token is no longer valid.
 */
let appData: Promise<CommonAppData> | undefined;

export function commonAppData(): Promise<CommonAppData> {
  appData ??= call('getCommonAppData');
  appData.catch(() => {
    appData = undefined;
  });
  return appData;
}

/** The bearer token, or none: the API's 401 then tells the screen, and a defect behind it is reported here. */
export async function getAccessToken(): Promise<string | undefined> {
  try {
    return (await commonAppData()).access_token || undefined;
  } catch (error) {
    reportUnexpected(error);
    return undefined;
  }
}

export async function refreshAccessToken(): Promise<string | undefined> {
  appData = undefined;
  return getAccessToken();
}

/** Tags error reports with the device, never with the user (no e-mail, serial number or token). */
export async function tagReportsWithDevice(): Promise<void> {
  try {
    const data = await commonAppData();
    setReportTags({
      client_ver: data.client_ver,
      ...(data.platform && { platform: data.platform }),
      ...(data.os_version && { os_version: data.os_version }),
      ...(data.device_model && { device_model: data.device_model }),
    });
  } catch {
    // No native app (a plain browser): nothing to tag.
  }
}
