/** CONTRACT.md "Demo data": the demo accounts' user names, documented in the README and shown on the login page in demo mode. */
export const DEMO_USERS = { SYS: 'sysadmin', SPR: 'supplier01', MER: 'merchant01', ENT: 'enterprise01' } as const;
