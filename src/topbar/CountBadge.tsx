// The count on a header button (errors logged, notices): a red pill at its top right, `99+` past the maximum, nothing
// at zero. Plain markup rather than antd's Badge, whose animated digits every screen would load for two numbers.
import type { ReactNode } from 'react';
import { settings } from '../config/settings';

export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className="top-badge">
      {children}
      {count > 0 ? (
        <sup className="top-badge-count">{count > settings.logBadgeMax ? `${settings.logBadgeMax}+` : count}</sup>
      ) : null}
    </span>
  );
}
