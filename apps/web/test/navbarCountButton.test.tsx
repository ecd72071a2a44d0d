import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NavbarCountButton } from '../src/components/NavbarCountButton';

function setup(count: number, onClick = () => {}) {
  render(
    <NavbarCountButton
      icon={<span aria-hidden="true">i</span>}
      title="Chat"
      count={count}
      titleWithCount={(shown) => `Chat ${shown}`}
      onClick={onClick}
      badgeTestId="badge"
      buttonTestId="button"
    />,
  );
  return screen.getByTestId('button');
}

describe('NavbarCountButton', () => {
  afterEach(cleanup);

  it('names the button with the count its badge shows, and the badge is not inside the button', () => {
    const button = setup(3);
    expect(button.getAttribute('aria-label')).toBe('Chat 3');
    expect(screen.getByTestId('badge').textContent).toContain('3');
    expect(button.textContent).not.toContain('3');
  });

  it('says 99+ above 99, and only the title at 0', () => {
    expect(setup(120).getAttribute('aria-label')).toBe('Chat 99+');
    cleanup();
    expect(setup(0).getAttribute('aria-label')).toBe('Chat');
  });

  it('calls onClick when pressed', () => {
    let clicks = 0;
    fireEvent.click(setup(1, () => clicks++));
    expect(clicks).toBe(1);
  });
});
