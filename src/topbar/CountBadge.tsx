// The count on a header button (errors logged, notices): a red pill at its top right, `99+` past the maximum, nothing
// at zero. Plain markup rather than antd's Badge, whose animated digits every screen would load for two numbers.
import type { ComponentProps } from 'react';
import { settings } from '../config/settings';

/** What a wrapping tooltip or popover hands its child (ref, mouse and click handlers, its open class) reaches the span. */
export function CountBadge({ count, children, className, ...trigger }: ComponentProps<'span'> & { count: number }) {
  return (
    <span {...trigger} className={className ? `top-badge ${className}` : 'top-badge'}>
      {children}
      {count > 0 ? (
        <sup className="top-badge-count">{count > settings.logBadgeMax ? `${settings.logBadgeMax}+` : count}</sup>
      ) : null}
    </span>
  );
}
