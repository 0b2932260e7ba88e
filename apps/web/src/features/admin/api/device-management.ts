import {
  ANALYSIS_DAYS_BACK,
  type DeviceAnalysisResponse,
  type SuspiciousUsersResponse,
  type UserDevicesResponse,
} from '@rides/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/**
 * The device management calls (002 §7; decision 0035), platform admins only. Every key starts with `all`, so leaving
 * the page removes all it stored in one call (002 §4 "leaving the page clears its stored data").
 */
export const deviceManagementKeys = {
  all: ['device_management'] as const,
  suspicious: (minDevices: number, daysBack: number) =>
    ['device_management', 'suspicious_users', minDevices, daysBack] as const,
  devices: (userId: number) => ['device_management', 'user_devices', userId] as const,
  analysis: (userId: number) => ['device_management', 'device_analysis', userId] as const,
};

/** GET suspicious_users?min_devices&days_back */
export const suspiciousUsersQuery = (minDevices: number, daysBack: number) =>
  queryOptions({
    queryKey: deviceManagementKeys.suspicious(minDevices, daysBack),
    queryFn: ({ signal }) =>
      apiGet<SuspiciousUsersResponse>(
        `suspicious_users?min_devices=${minDevices}&days_back=${daysBack}`,
        signal,
      ),
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
