import { Badge, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** What a count badge shows: the number, 99+ above 99 (the button's name repeats it). */
const countShown = (n: number) => (n > 99 ? '99+' : String(n));

interface NavbarCountButtonProps {
  icon: ReactNode;
  /** The tooltip, and the button's name while the count is 0. */
  title: string;
  count: number;
  /** The button's name while the count is above 0: the title with the count as shown. */
  titleWithCount: (shown: string) => string;
  onClick: () => void;
  badgeTestId: string;
  buttonTestId: string;
  className?: string;
  blinking?: boolean;
}

/**
 * A top bar icon button with a count badge (messages, chat). The badge sits beside the button, not
 * inside it: the button's visible content is its icon alone, so its accessible name (the title with
 * the count) never mismatches the badge's number, also while that zooms out after the count drops to 0.
 */
export function NavbarCountButton(props: NavbarCountButtonProps) {
  const { count, title } = props;
  return (
    <Badge
      count={Math.max(0, count)}
      size="small"
      overflowCount={99}
      offset={[-9, 9]}
      data-testid={props.badgeTestId}
      className="srm-navbar-badge"
    >
      <Tooltip title={title} placement="bottom">
        <Button
          type="text"
          className={`srm-navbar-button${props.className ? ` ${props.className}` : ''}`}
          aria-label={count > 0 ? props.titleWithCount(countShown(count)) : title}
          data-testid={props.buttonTestId}
          data-blinking={props.blinking === undefined ? undefined : props.blinking ? '1' : '0'}
          onClick={props.onClick}
          icon={props.icon}
        />
      </Tooltip>
    </Badge>
  );
}
