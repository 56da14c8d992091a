import { useTranslation } from '@/i18n';
import { passwordKinds, passwordPolicyError } from './rules';
import styles from './password-hint.module.css';

const LEVELS = [
  { label: 'weak', className: styles.weak },
  { label: 'medium', className: styles.medium },
  { label: 'strong', className: styles.strong },
] as const;

/**
 * The new-password hint of SPEC 5 with a strength meter: weak until the policy holds, medium with two
 * kinds of characters, strong with all three and at least 12 characters.
 */
export function PasswordHint({ value }: { value?: string | undefined }) {
  const { t } = useTranslation();
  const text = value ?? '';
  const level =
    !text || passwordPolicyError(text) ? 0 : passwordKinds(text) === 3 && text.length >= 12 ? 2 : 1;
  return (
    <div className={styles.hint} data-testid="password-hint">
      <div className={styles.meter} aria-hidden>
        {LEVELS.map((l, i) => (
          <span key={l.label} className={text && i <= level ? LEVELS[level]!.className : ''} />
        ))}
        {text && <em>{t(`authParts.${LEVELS[level]!.label}`)}</em>}
      </div>
      <div>{t('authRules.passwordHint')}</div>
    </div>
  );
}
