/** JSON shapes of the HTTP API (contract section 4), shared by the server and the web view. */

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

export interface HealthResponse {
  status: 'ok';
  database: 'ok';
  version: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export type MowerRole = 'owner' | 'shared';

export interface MowerDto {
  serial_number: string;
  name: string;
  model: string;
  role: MowerRole;
  battery_percent: number;
}

export interface MowerListResponse {
  mowers: MowerDto[];
}
