import { describe, expect, it } from 'vitest';
import { applyScreen, deviceFor, screenFor } from '../screen';

describe('screen sizes from the breakpoints (600, 1024, 1440, 1920 px)', () => {
  it('names the range a width falls in', () => {
    const widths = [360, 599, 600, 1023, 1024, 1439, 1440, 1919, 1920, 2560];
    expect(widths.map(screenFor)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'laptop',
      'laptop',
      'desktop',
      'desktop',
      'wide',
      'wide',
    ]);
  });

  it('is in mobile mode below 1024 px', () => {
    expect([599, 1023, 1024, 1920].map(deviceFor)).toEqual(['mobile', 'mobile', 'desktop', 'desktop']);
  });

  it('hands the screen size and the 300 ms motion to the stylesheets', () => {
    const root = document.createElement('div');
    expect(applyScreen(root, 700)).toBe('tablet');
    expect(root.dataset.screen).toBe('tablet');
    expect(root.style.getPropertyValue('--fl-motion-duration')).toBe('300ms');
  });
});
