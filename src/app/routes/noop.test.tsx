import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/support/render-screen.tsx';
import IconsRoute from './icons.tsx';
import NoopRoute from './noop.tsx';

describe('the public placeholders (spec 000 §2)', () => {
  it('/noop says there is nothing here yet and leads home', async () => {
    renderScreen(<NoopRoute />);
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('/icons shows the app’s icons with their sizes', async () => {
    renderScreen(<IconsRoute />);
    expect(await screen.findByRole('heading', { name: 'Icons' })).toBeTruthy();
    const sources = screen.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']);
    expect(screen.getByText('192 × 192')).toBeTruthy();
  });
});
