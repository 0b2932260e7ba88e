import { PATHS } from '../../../lib/paths';

/** The offline view of 002 §2.1, §2.10 (the contract's address table). */
export const OFFLINE_PATH = PATHS.offlineRideView;
