import { CheckCircleFilled, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { checkSliderDrag, fetchSliderChallenge } from './slider-api';
import styles from './slider.module.css';

/** SPEC 2.6 / 9: 330 × 40, a square knob, snap-back 500 ms after a short release. */
export const SLIDER_WIDTH = 330;
export const SLIDER_HEIGHT = 40;
const KNOB = 40;
const END = SLIDER_WIDTH - KNOB;
const SNAP_BACK_MS = 500;
/** The server accepts at most 2000 samples (server/routes/smm/captcha.ts). */
const MAX_TRACK = 1900;

type Phase = 'idle' | 'dragging' | 'checking' | 'passed';

interface Drag {
  startX: number;
  startedAt: number;
  track: number[];
  /** The latest offset; kept here because state may not have re-rendered before the release. */
  x: number;
}

interface Props {
  /** Called with the server's single-use proof once the drag has been verified. */
  onPass: (proof: string) => void;
  /** Changing it puts the slider back to the start with a new challenge. */
  resetKey?: number;
}

/**
 * The recovery slider (SPEC 2.6): passes only when dragged fully to the end, and only once the server has
 * checked the drag (it answers with a proof that sending the recovery code requires). A shorter release
 * snaps back after 500 ms; a refused drag starts again with a new challenge.
 */
export function SliderVerify({ onPass, resetKey = 0 }: Props) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [challengeId, setChallengeId] = useState<string>();
  const drag = useRef<Drag | null>(null);
  const snapTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const newChallenge = useCallback(() => {
    setChallengeId(undefined);
    fetchSliderChallenge()
      .then((c) => setChallengeId(c.challengeId))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    clearTimeout(snapTimer.current);
    setOffset(0);
    setPhase('idle');
    newChallenge();
    return () => clearTimeout(snapTimer.current);
  }, [resetKey, newChallenge]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle' || !challengeId) return;
    clearTimeout(snapTimer.current);
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startedAt: performance.now(), track: [0], x: 0 };
    setOffset(0);
    setPhase('dragging');
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (phase !== 'dragging' || !current) return;
    const x = Math.round(Math.min(END, Math.max(0, event.clientX - current.startX)));
    if (x !== current.track[current.track.length - 1] && current.track.length < MAX_TRACK) {
      current.track.push(x);
    }
    current.x = x;
    setOffset(x);
  };

  const onPointerUp = async () => {
    const current = drag.current;
    drag.current = null;
    if (phase !== 'dragging' || !current || !challengeId) return;
    if (current.x < END) {
      setPhase('idle');
      snapTimer.current = setTimeout(() => setOffset(0), SNAP_BACK_MS);
      return;
    }
    if (current.track[current.track.length - 1] !== END) current.track.push(END);
    setPhase('checking');
    try {
      const { proof } = await checkSliderDrag({
        challengeId,
        distance: END,
        duration: Math.round(performance.now() - current.startedAt),
        track: current.track,
      });
      setPhase('passed');
      onPass(proof);
    } catch {
      // Refused (the request layer showed why): back to the start with a fresh challenge.
      setPhase('idle');
      setOffset(0);
      newChallenge();
    }
  };

  const passed = phase === 'passed';
  // Until the challenge has arrived a press is ignored (a drag must be reported against a challenge the
  // server issued before it began); say so in the DOM, so assistive tech and the e2e tests can wait for it.
  const waiting = phase === 'idle' && !challengeId;
  const text = passed
    ? t('authParts.sliderPassed')
    : phase === 'checking'
      ? t('authParts.sliderChecking')
      : t('authParts.sliderDrag');
  return (
    <div
      className={`${styles.track} ${passed ? styles.passed : ''}`}
      style={{ width: SLIDER_WIDTH, height: SLIDER_HEIGHT }}
      data-testid="slider"
      data-state={waiting ? 'loading' : phase}
    >
      <div
        className={`${styles.fill} ${phase === 'idle' ? styles.animate : ''}`}
        style={{ width: offset + KNOB / 2 }}
      />
      <span className={styles.text}>{text}</span>
      <div
        className={`${styles.knob} ${phase === 'idle' ? styles.animate : ''}`}
        style={{ transform: `translateX(${offset}px)`, width: KNOB, height: SLIDER_HEIGHT }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        role="slider"
        aria-label={t('authParts.sliderLabel')}
        aria-valuemin={0}
        aria-valuemax={END}
        aria-valuenow={offset}
        aria-disabled={waiting || undefined}
        tabIndex={0}
        data-testid="slider-knob"
      >
        {passed ? (
          <CheckCircleFilled />
        ) : phase === 'checking' ? (
          <LoadingOutlined />
        ) : (
          <DoubleRightOutlined />
        )}
      </div>
    </div>
  );
}
