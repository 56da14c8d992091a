import { type ButtonHTMLAttributes, forwardRef } from 'react';

export interface LinkButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  danger?: boolean;
}

/**
 * A link-styled native button for the actions of table rows. antd's Button renders a wave, a motion and
 * a loading icon with every button (about eight components): a scroll of the 500-row virtual table mounts
 * a dozen rows a frame, each with up to three actions. Looks like antd's small link button; its colours
 * come from the theme (ListPage sets them as CSS variables, renderer.css .fr-link-btn).
 */
export const LinkButton = forwardRef<HTMLButtonElement, LinkButtonProps>(function LinkButton(
  { danger, className, type = 'button', ...rest },
  ref,
) {
  const classes = ['fr-link-btn', danger ? 'fr-link-btn-danger' : '', className ?? ''].filter(Boolean);
  return <button ref={ref} type={type} className={classes.join(' ')} {...rest} />;
});
