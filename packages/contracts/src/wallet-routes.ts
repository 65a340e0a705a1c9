import { z } from 'zod';
import type { TOtherRoute } from './other-routes.ts';

const ZDevice = { deviceId: z.string(), passTypeId: z.string() };
const ZApplePassHeader = z.object({ authorization: z.string().describe('ApplePass <authenticationToken>') });

/** Issue 36 (docs/wallet.md): the holder's wallet passes and Apple's PassKit web service. */
export const WALLET_ROUTES = {
  walletRegisterDevice: {
    method: 'POST',
    path: '/api/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
    summary: "PassKit web service: a device registers for a pass's updates (201 new, 200 known)",
    tag: 'Tickets',
    auth: 'public',
    params: z.object({ ...ZDevice, serial: z.string() }),
    headers: ZApplePassHeader,
    body: z.object({ pushToken: z.string() }),
    status: 201,
    errors: [400, 401, 404],
  },
  walletUnregisterDevice: {
    method: 'DELETE',
    path: '/api/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}',
    summary: 'PassKit web service: a device stops following a pass',
    tag: 'Tickets',
    auth: 'public',
    params: z.object({ ...ZDevice, serial: z.string() }),
    headers: ZApplePassHeader,
    errors: [401, 404],
  },
  walletUpdatedSerials: {
    method: 'GET',
    path: '/api/wallet/apple/v1/devices/{deviceId}/registrations/{passTypeId}',
    summary: "PassKit web service: the device's passes changed since a tag (204 when none)",
    tag: 'Tickets',
    auth: 'public',
    params: z.object(ZDevice),
    query: z.object({ passesUpdatedSince: z.string().optional() }),
    response: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }),
    errors: [404],
  },
  walletLatestPass: {
    method: 'GET',
    path: '/api/wallet/apple/v1/passes/{passTypeId}/{serial}',
    summary: 'PassKit web service: the latest pass (voided once transferred or refunded); 304 if unchanged',
    tag: 'Tickets',
    auth: 'public',
    params: z.object({ passTypeId: z.string(), serial: z.string() }),
    headers: ZApplePassHeader,
    produces: 'application/vnd.apple.pkpass',
    errors: [401, 404],
  },
  walletDeviceLog: {
    method: 'POST',
    path: '/api/wallet/apple/v1/log',
    summary: "PassKit web service: a device's error messages (logged)",
    tag: 'Tickets',
    auth: 'public',
    body: z.object({ logs: z.array(z.string()) }),
    errors: [400],
  },
} as const satisfies Record<string, TOtherRoute>;
