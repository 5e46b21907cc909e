import { describe, expect, it } from 'vitest';
import { ownedRoutePath, robotDetailPath, ROUTES } from '../routes';

describe('ownedRoutePath', () => {
  it('gives the path of a route its owner renders', () => {
    expect(ownedRoutePath('robots', 'robot')).toBe('/robot');
    expect(ownedRoutePath('datasets', 'datasetDetail')).toBe('/dataset/:id?/detail');
    expect(ownedRoutePath('cases', 'case')).toBe('/case');
  });

  it('throws for a route of another owner or no route at all', () => {
    expect(() => ownedRoutePath('cases', 'robot')).toThrow('No route named "robot" belongs to the cases remote');
    expect(() => ownedRoutePath('robots', 'nowhere')).toThrow(/nowhere/);
  });
});

describe('robotDetailPath', () => {
  it('fills the robot detail route with an encoded id, with its trailing slash', () => {
    expect(robotDetailPath('p1')).toBe('/ai/p1/detail/');
    expect(robotDetailPath('a/b c')).toBe('/ai/a%2Fb%20c/detail/');
    expect(ROUTES.find((route) => route.name === 'robotDetail')?.path).toBe('/ai/:id?/detail');
  });
});
