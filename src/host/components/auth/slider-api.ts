import { api } from '@/runtime/request';

/** The server-verified recovery slider (server/routes/smm/captcha.ts). */
export interface SliderChallenge {
  challengeId: string;
  width: number;
  height: number;
  knob: number;
}

export function fetchSliderChallenge(): Promise<SliderChallenge> {
  return api.get<SliderChallenge>('/api/v1/smm/captcha/slider', undefined, { needToken: false });
}

export function checkSliderDrag(report: {
  challengeId: string;
  distance: number;
  duration: number;
  track: number[];
}): Promise<{ proof: string }> {
  return api.post<{ proof: string }>('/api/v1/smm/captcha/slider/check', report, { needToken: false });
}
