import { describe, expect, it } from 'vitest';
import { boardDelivery } from './model.fake';
import { translator } from '../../lib/i18n/catalogue';
import { boardMessages } from './messages';
import { boardNews, newsText as say, seenStatuses, type BoardNews } from './news';

const all = () => true;
const names = (id: string | null) => (id === 'grace' ? 'Grace Liu' : null);
const english = translator(boardMessages, 'en', boardMessages.en);
const newsText = (news: BoardNews, driverName: typeof names) => say(news, driverName, english);

describe('the board’s news, said politely', () => {
  it('says nothing on the first read', () => {
    const news = boardNews(null, [boardDelivery('1')], all);
    expect(newsText(news, names)).toBeNull();
  });

  it('says a delivery that arrived waiting, not one that came back to the queue or is filtered out', () => {
    const back = boardDelivery('back', { status: 'assigned', driver_id: 'grace' });
    const before = seenStatuses([back]);
    const rows = [{ ...back, status: 'pending' as const, driver_id: null }, boardDelivery('new'), boardDelivery('hidden')];
    const news = boardNews(before, rows, (d) => d.id !== 'hidden');
    expect(news.newUnassigned.map((d) => d.id)).toEqual(['new']);
    expect(newsText(news, names)).toBe('New unassigned delivery ACME-new.');
    expect(newsText(boardNews(seenStatuses([]), [boardDelivery('a'), boardDelivery('b')], all), names)).toBe('2 new unassigned deliveries.');
  });

  it('says an assignment accepted, with the driver’s name, and several as a count', () => {
    const a = boardDelivery('a', { status: 'assigned', driver_id: 'grace' });
    const b = boardDelivery('b', { status: 'assigned', driver_id: 'someone' });
    const before = seenStatuses([a, b]);
    const one = boardNews(before, [{ ...a, status: 'accepted' }, b], all);
    expect(newsText(one, names)).toBe('Grace Liu accepted ACME-a.');
    const unnamed = boardNews(before, [a, { ...b, status: 'accepted' }], all);
    expect(newsText(unnamed, names)).toBe('The driver accepted ACME-b.');
    const both = boardNews(before, [{ ...a, status: 'accepted' }, { ...b, status: 'accepted' }, boardDelivery('new')], all);
    expect(newsText(both, names)).toBe('New unassigned delivery ACME-new. 2 assignments accepted.');
    // Picked up after accepted, or accepted seen before: no news.
    expect(newsText(boardNews(seenStatuses([{ ...a, status: 'accepted' }]), [{ ...a, status: 'picked_up' }], all), names)).toBeNull();
  });
});
