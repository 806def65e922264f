// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { translator } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';
import { PhotoThumbs, RECORD_PHOTOS } from './RecordPhotos';

afterEach(cleanup);

describe('PhotoThumbs', () => {
  it('shows each stored photo as a numbered thumbnail opening in a new tab', () => {
    render(<PhotoThumbs refs={['t1/a.jpg', 't1/b.png']} />);
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Photo 1', 'Photo 2']);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]!.getAttribute('href')).toContain('t1/a.jpg');
  });
});

describe('RECORD_PHOTOS', () => {
  it('allows ten images of 3 MB and says so', () => {
    expect(RECORD_PHOTOS.maxFiles).toBe(10);
    expect(RECORD_PHOTOS.maxBytes).toBe(3 * 1024 * 1024);
    const t = translator(uiMessages, 'en', uiMessages.en);
    expect(t('photos.count', { count: RECORD_PHOTOS.maxFiles })).toBe('At most 10 photos');
    expect(t('photos.help', { count: RECORD_PHOTOS.maxFiles })).toBe('Up to 10 jpeg, jpg, png or gif images, 3 MB each');
  });
});
