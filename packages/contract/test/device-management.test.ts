import { describe, expect, it } from 'vitest';
import { assessRisk, RISK_RULES, type RiskFacts } from '../src/device-management.js';

/** The one risk rule (decision 0035), as a table: each line the facts and what the admin sees. */
describe('assessRisk', () => {
  const facts = (f: Partial<RiskFacts>): RiskFacts => ({ deviceCount: 1, farApartMinutes: null, newDevicesInBurst: 0, ...f });
  const table: [string, Partial<RiskFacts>, string, string][] = [
    ['one device', {}, 'LOW', 'normal_use'],
    ['a phone and a laptop', { deviceCount: 2, newDevicesInBurst: 2 }, 'LOW', 'normal_use'],
    ['three devices', { deviceCount: 3 }, 'LOW', 'normal_use'],
    ['four devices: the default listing', { deviceCount: 4 }, 'MEDIUM', 'several_devices'],
    ['five devices', { deviceCount: 5 }, 'MEDIUM', 'several_devices'],
    ['six devices: the danger colour', { deviceCount: 6 }, 'HIGH', 'many_devices'],
    ['three new devices within a day', { deviceCount: 3, newDevicesInBurst: 3 }, 'HIGH', 'burst_of_new_devices'],
    ['two devices far apart at once', { deviceCount: 2, farApartMinutes: 20 }, 'HIGH', 'far_apart_at_once'],
    ['far apart, at the limit', { deviceCount: 2, farApartMinutes: RISK_RULES.overlapMinutes }, 'HIGH', 'far_apart_at_once'],
    ['far apart, hours later (a flight)', { deviceCount: 2, farApartMinutes: RISK_RULES.overlapMinutes + 1 }, 'LOW', 'normal_use'],
    ['far apart AND many: the sharper reason', { deviceCount: 8, farApartMinutes: 5 }, 'HIGH', 'far_apart_at_once'],
  ];
  it.each(table)('%s', (_name, f, level, reason) => {
    expect(assessRisk(facts(f))).toEqual({ risk_level: level, reason });
  });
});
