import {
  ANALYSIS_DAYS_BACK,
  type DeviceAnalysisResponse,
  type RiskLevel,
  type SuspiciousSort,
  type SuspiciousUsersResponse,
  type UserDevicesResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { listingParams, type Listing } from './listing';

/** The server's filters of the suspicious users: the period's devices, and one risk level or all. */
export interface DeviceFilter {
  minDevices: number;
  daysBack: number;
  risk: 'all' | RiskLevel;
}

/**
 * The device management calls (002 §7; decision 0035), platform admins only. Every key starts with `all`, so leaving
 * the page removes all it stored in one call (002 §4 "leaving the page clears its stored data").
 */
export const deviceManagementKeys = {
  all: ['device_management'] as const,
  /** Every page of the suspicious users (applying the filters reads them again). */
  suspiciousAll: ['device_management', 'suspicious_users'] as const,
  suspicious: (filter: DeviceFilter, listing: Listing<SuspiciousSort>) =>
    ['device_management', 'suspicious_users', filter, listing] as const,
  devices: (userId: number) => ['device_management', 'user_devices', userId] as const,
  analysis: (userId: number) => ['device_management', 'device_analysis', userId] as const,
};

/** GET suspicious_users?min_devices&days_back&risk and the page, order and search (decision 0035). */
export const suspiciousUsersQuery = (filter: DeviceFilter, listing: Listing<SuspiciousSort>) =>
  queryOptions({
    queryKey: deviceManagementKeys.suspicious(filter, listing),
    queryFn: ({ signal }) => {
      const params = listingParams(listing);
      params.set('min_devices', String(filter.minDevices));
      params.set('days_back', String(filter.daysBack));
      if (filter.risk !== 'all') params.set('risk', filter.risk);
      return apiGet<SuspiciousUsersResponse>(`suspicious_users?${params.toString()}`, signal);
    },
  });

/** GET user_devices/{userId}: every device of the user, the most recently used first. */
export const userDevicesQuery = (userId: number) =>
  queryOptions({
    queryKey: deviceManagementKeys.devices(userId),
    queryFn: ({ signal }) => apiGet<UserDevicesResponse>(`user_devices/${userId}`, signal),
  });

/** GET device_analysis/{userId}?days_back=30: the analysis period is fixed (002 §2.3). */
export const deviceAnalysisQuery = (userId: number) =>
  queryOptions({
    queryKey: deviceManagementKeys.analysis(userId),
    queryFn: ({ signal }) =>
      apiGet<DeviceAnalysisResponse>(`device_analysis/${userId}?days_back=${ANALYSIS_DAYS_BACK}`, signal),
  });
