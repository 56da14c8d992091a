import { describe, expect, it } from 'vitest';
import { WATERMARK, watermarkStyle, watermarkText } from '@/runtime/watermark';

// SPEC 9: watermark of employee number and real name: 400×400 canvas, 20px, opacity 0.1, 320px, z-index 2000.
describe('the watermark', () => {
  it('the constants of SPEC 9', () => {
    expect(WATERMARK).toMatchObject({ canvas: 400, fontPx: 20, opacity: 0.1, tilePx: 320, zIndex: 2000 });
  });

  it('text: employee number and real name', () => {
    expect(watermarkText({ employeeNumber: 'hq001', realName: '张总部' })).toBe('hq001 张总部');
    expect(watermarkText({ employeeNumber: 'hq001' })).toBe('hq001');
    expect(watermarkText(undefined)).toBe('');
  });

  it('the layer covers the page, above everything, without catching the mouse', () => {
    const style = watermarkStyle('data:image/png;base64,AAAA');
    for (const part of [
      'position:fixed',
      'inset:0',
      'z-index:2000',
      'pointer-events:none',
      'opacity:0.1',
      'background-size:320px 320px',
      'background-image:url("data:image/png;base64,AAAA")',
    ]) {
      expect(style).toContain(part);
    }
  });
});
