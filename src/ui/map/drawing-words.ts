import { useCallback } from 'react';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';
import { MAX_VERTICES } from './polygon-draw';

/**
 * What drawingProblem and polygonProblem say (English, as the database's zone checks say it) in
 * the page's language: a form's `translate` passes its outline field's messages through this.
 * A message that is not a drawing problem comes back as it was.
 */
export function useDrawingWords(): (message: string) => string {
  const t = useT(uiMessages);
  return useCallback(
    (message: string) => {
      switch (message) {
        case 'Draw the zone on the map':
          return t('drawing.draw');
        case 'Draw at least 3 points':
          return t('drawing.atLeast3');
        case 'Close the outline: click its first point, or choose Close outline':
          return t('drawing.close');
        case 'The zone must be a GeoJSON Polygon':
          return t('drawing.polygon');
        case 'A zone is one outline, without holes':
          return t('drawing.holes');
        case 'Each point must be a [longitude, latitude] pair of numbers':
          return t('drawing.pair');
        case 'Points must have a longitude from -180 to 180 and a latitude from -90 to 90':
          return t('drawing.range');
        case 'The outline must be closed: its last point must repeat its first':
          return t('drawing.closed');
        case `A zone can have at most ${MAX_VERTICES} points`:
          return t('drawing.tooMany', { max: MAX_VERTICES });
        case 'The outline must not pass through the same point twice':
          return t('drawing.twice');
        case 'The outline must not cross itself':
          return t('drawing.crosses');
        case 'The zone must enclose an area':
          return t('drawing.area');
        default:
          return message;
      }
    },
    [t],
  );
}
