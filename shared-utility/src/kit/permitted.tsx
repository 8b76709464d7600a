import type { ReactNode } from 'react';
import { accountTypeAllowed, meetsRequirement, type AccountType } from '../pure';
import { usePermissions, useSession } from '../app';
import type { PermissionRule } from './screen';

/** Account-type gate first (onlyFor / notFor), then the code requirement in one of the four modes. */
export function isPermitted(
  rule: PermissionRule | undefined,
  accountType: AccountType | null,
  codes: ReadonlySet<number>,
): boolean {
  if (!rule) return true;
  if (!accountTypeAllowed(accountType, rule)) return false;
  return meetsRequirement(rule.codes ? { codes: rule.codes, mode: rule.mode } : undefined, codes, accountType !== null);
}

const NO_CODES: ReadonlySet<number> = new Set();

/** A predicate bound to the signed-in user, re-evaluated when the session or codes change. */
export function usePermitted(): (rule: PermissionRule | undefined) => boolean {
  const session = useSession();
  const codes = usePermissions() ?? NO_CODES;
  const accountType = session?.accountType ?? null;
  return (rule) => isPermitted(rule, accountType, codes);
}

export interface PermittedProps extends PermissionRule {
  children: ReactNode;
  /** Rendered instead of the children when not permitted. */
  fallback?: ReactNode;
}

/** Renders its children only for users the rule admits; wraps any element. */
export function Permitted({ children, fallback = null, ...rule }: PermittedProps) {
  const permitted = usePermitted();
  return <>{permitted(rule) ? children : fallback}</>;
}
