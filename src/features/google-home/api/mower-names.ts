import { listMowers } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { call, isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';

/**
 * The names of the account's mowers, owned and shared, as Google knows them: from the app (getMowerList), or
 * from the API when the app cannot answer.
 */
export async function getMowerNames(signal?: AbortSignal): Promise<string[]> {
  try {
    const { mowers } = await call('getMowerList');
    return mowers.map((mower) => mower.name);
  } catch (error) {
    if (!isNoNativeApp(error)) reportUnexpected(error);
    const { mowers } = await callApi(listMowers, { auth: true, signal });
    return mowers.map((mower) => mower.name);
  }
}
