import { describe, expect, it } from 'vitest';
import { eventBridgeCron } from './schedules';

describe("a schedule's EventBridge expression", () => {
  it.each([
    ['0 9 * * 1-5', 'cron(0 9 ? * 2-6 *)'],
    ['0 9 * * 0,6', 'cron(0 9 ? * 1,7 *)'],
    ['0 9 * * 7', 'cron(0 9 ? * 1 *)'],
    ['0 9 * * MON-FRI', 'cron(0 9 ? * MON-FRI *)'],
    ['30 8 * * 1-5/2', 'cron(30 8 ? * 2-6/2 *)'],
    ['*/15 * * * *', 'cron(*/15 * * * ? *)'],
    ['0 0 1 * *', 'cron(0 0 1 * ? *)'],
    ['0 0 1 * ?', 'cron(0 0 1 * ? *)'],
  ])('of %s is %s (six fields, `?` for the unused day, Sunday 1)', (cron, expected) => {
    expect(eventBridgeCron(cron)).toBe(expected);
  });
});
