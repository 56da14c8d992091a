import type { RequestUi } from '@/runtime/request';

export interface RecordedBox {
  title: string;
  content: string;
  onOk: () => void;
}

/** A RequestUi that records what the user would have seen, in order. */
export class RecordingUi implements RequestUi {
  errors: string[] = [];
  boxes: RecordedBox[] = [];
  navigations: string[] = [];

  error(msg: string): void {
    this.errors.push(msg);
  }
  messageBox(box: RecordedBox): void {
    this.boxes.push(box);
  }
  navigate(path: string): void {
    this.navigations.push(path);
  }

  get quiet(): boolean {
    return this.errors.length === 0 && this.boxes.length === 0 && this.navigations.length === 0;
  }

  clear(): void {
    this.errors = [];
    this.boxes = [];
    this.navigations = [];
  }
}
