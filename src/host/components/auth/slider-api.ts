import { callContract } from '@/runtime/request';
import type { BodyOut, DataOf } from '@/schema/contracts/define';
import { sliderChallenge, sliderCheck } from '@/schema/contracts/account';

/** The server-verified recovery slider (contracts: src/schema/contracts/account.ts). */
export type SliderChallenge = DataOf<typeof sliderChallenge>;

export const fetchSliderChallenge = () => callContract(sliderChallenge, {}, { needToken: false });

export const checkSliderDrag = (report: BodyOut<typeof sliderCheck>) =>
  callContract(sliderCheck, { body: report }, { needToken: false });
