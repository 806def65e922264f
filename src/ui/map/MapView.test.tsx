// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const webgl = vi.hoisted(() => ({ supported: 'none' as 'hardware' | 'software' | 'none', probes: 0 }));
vi.mock('./webgl', () => ({
  webGLSupport: () => {
    webgl.probes += 1;
    return webgl.supported;
  },
}));

/** A stand-in for maplibre: records what MapView asks of it; WebGL itself is proven in e2e. */
const fake = vi.hoisted(() => {
  type Handler = (event: unknown) => void;
  class FakeMap {
    static instances: FakeMap[] = [];
    handlers = new Map<string, Handler[]>();
    canvas = document.createElement('canvas');
    removed = false;
    jumps: unknown[] = [];
    layers = new Set<string>();
    sources = new Set<string>();
    constructor(public options: { container: HTMLElement; center: [number, number]; zoom: number; style: unknown; pixelRatio?: number }) {
      FakeMap.instances.push(this);
      options.container.append(this.canvas);
      queueMicrotask(() => {
        this.emit('style.load', {});
        this.emit('load', {});
      });
    }
    on(type: string, handler: Handler) {
      this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
      return this;
    }
    once(type: string, handler: Handler) {
      return this.on(type, handler);
    }
    emit(type: string, event: unknown) {
      for (const handler of this.handlers.get(type) ?? []) handler(event);
    }
    addControl() {
      return this;
    }
    getCanvas() {
      return this.canvas;
    }
    getCenter() {
      return { lng: this.options.center[0], lat: this.options.center[1] };
    }
    getZoom() {
      return this.options.zoom;
    }
    jumpTo(options: unknown) {
      this.jumps.push(options);
      return this;
    }
    addSource(id: string) {
      this.sources.add(id);
    }
    getSource(id: string) {
      return this.sources.has(id) ? {} : undefined;
    }
    addLayer(layer: { id: string }) {
      this.layers.add(layer.id);
    }
    getLayer(id: string) {
      return this.layers.has(id) ? {} : undefined;
    }
    removeLayer(id: string) {
      this.layers.delete(id);
    }
    removeSource(id: string) {
      this.sources.delete(id);
    }
    remove() {
      this.removed = true;
    }
  }
  class FakeMarker {
    element: HTMLElement;
    constructor({ element }: { element: HTMLElement }) {
      this.element = element;
    }
    setLngLat() {
      return this;
    }
    addTo(map: FakeMap) {
      map.options.container.append(this.element);
      return this;
    }
    remove() {
      this.element.remove();
    }
  }
  return { FakeMap, FakeMarker, setWorkerUrl: vi.fn() };
});

vi.mock('maplibre-gl', () => ({
  Map: fake.FakeMap,
  Marker: fake.FakeMarker,
  NavigationControl: class {},
  AJAXError: class extends Error {},
  setWorkerUrl: fake.setWorkerUrl,
}));

const { MapView } = await import('./MapView');

afterEach(cleanup);

describe('MapView without WebGL', () => {
  beforeEach(() => {
    webgl.supported = 'none';
  });

  it('says the map is unavailable instead of showing a blank box, at the default height', () => {
    render(<MapView />);
    expect(screen.getByRole('status')).toHaveTextContent('Map unavailable: this browser cannot display maps');
    expect(screen.getByText('Centre: 20.593700, 78.962900')).toBeInTheDocument();
    expect(screen.getByTestId('map-fallback')).toHaveStyle({ minHeight: '600px' });
  });

  it("opens on the tenant's default centre and lists the points", () => {
    render(
      <MapView
        defaultCenter={{ latitude: 25.2048, longitude: 55.2708 }}
        height={320}
        markers={[
          { id: 'w1', lng: 55.3, lat: 25.1, label: 'Warehouse 1' },
          { id: 'd7', lng: 55.4, lat: 25.3 },
        ]}
      />,
    );
    expect(screen.getByText('Centre: 25.204800, 55.270800')).toBeInTheDocument();
    const points = screen.getByRole('list', { name: 'Points on the map' });
    expect(points).toHaveTextContent('Warehouse 1: 25.100000, 55.300000');
    expect(points).toHaveTextContent('d7: 25.300000, 55.400000');
    expect(screen.getByTestId('map-fallback')).toHaveStyle({ minHeight: '320px' });
    expect(screen.queryByRole('form', { name: 'Pick a point' })).not.toBeInTheDocument();
  });

  it('lets a point be picked by typing it', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<MapView onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: 'Use this point' }));
    expect(screen.getByText('Enter a latitude between -90 and 90')).toBeInTheDocument();
    expect(screen.getByText('Enter a longitude between -180 and 180')).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Latitude'), '12.9716');
    await user.type(screen.getByLabelText('Longitude'), '77.5946');
    await user.click(screen.getByRole('button', { name: 'Use this point' }));
    expect(onPick).toHaveBeenCalledWith(77.5946, 12.9716);
    expect(screen.getByText('Picked point: 12.971600, 77.594600')).toBeInTheDocument();
  });

  it('offers no inputs of its own where the screen has its coordinate fields (pickByTyping off)', () => {
    render(<MapView onPick={vi.fn()} pickByTyping={false} />);
    expect(screen.getByText('Map unavailable: this browser cannot display maps')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pick a point' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Latitude')).not.toBeInTheDocument();
  });
});

describe('MapView with WebGL (maplibre stubbed)', () => {
  beforeEach(() => {
    webgl.supported = 'hardware';
    fake.FakeMap.instances.length = 0;
  });

  const mounted = async () => {
    // The first map converts the real Natural Earth chunk, which takes a moment under a busy test run.
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-status', 'ready'), { timeout: 12_000 });
    const map = fake.FakeMap.instances.at(-1);
    if (!map) throw new Error('no map');
    return map;
  };

  it('creates the map at the India fallback, zoom 5, 600 px, on the offline basemap with its bundled worker', async () => {
    const { unmount } = render(<MapView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading map');
    const map = await mounted();
    expect(map.options.center).toEqual([78.9629, 20.5937]);
    expect(map.options.zoom).toBe(5);
    expect(screen.getByTestId('map')).toHaveAttribute('data-center', '78.9629,20.5937');
    expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '5');
    expect(screen.getByTestId('map').parentElement).toHaveStyle({ height: '600px' });
    expect(JSON.stringify(map.options.style)).not.toMatch(/https?:|mapbox:/);
    expect(fake.setWorkerUrl).toHaveBeenCalledWith(expect.stringContaining('maplibre-gl-worker'));
    expect(map.options.pixelRatio).toBeUndefined();
    expect(screen.queryByTestId('lite-map')).not.toBeInTheDocument();
    unmount();
    expect(map.removed).toBe(true);
  });

  it('draws a lite map at a third of the resolution, and says so, where WebGL is rendered in software', async () => {
    webgl.supported = 'software';
    render(<MapView />);
    const map = await mounted();
    expect(map.options.pixelRatio).toBe(window.devicePixelRatio * 0.35);
    expect(screen.getByTestId('lite-map')).toHaveTextContent('Lite map: no graphics acceleration');
  });

  it('creates a deferred map only once it comes near the viewport', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class FakeObserver {
      entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      render(<MapView deferUntilVisible />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fake.FakeMap.instances).toHaveLength(0);
      expect(screen.getByRole('status')).toHaveTextContent('Loading map');
      const watch = observed.at(-1)!;
      expect(watch.target).toBe(screen.getByTestId('map'));
      act(() => watch.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      await mounted();
      expect(fake.FakeMap.instances).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('holds the map and its WebGL probe while deferred, then creates it', async () => {
    const probesBefore = webgl.probes;
    const { rerender } = render(<MapView deferred />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.FakeMap.instances).toHaveLength(0);
    expect(webgl.probes).toBe(probesBefore);
    expect(screen.getByRole('status')).toHaveTextContent('Loading map');
    rerender(<MapView />);
    await mounted();
    expect(fake.FakeMap.instances).toHaveLength(1);
    expect(webgl.probes).toBe(probesBefore + 1);
  });

  it('uses Mapbox tiles only when a token is given', async () => {
    render(<MapView mapboxToken="pk.abc" zoom={9} center={[72.8777, 19.076]} />);
    const map = await mounted();
    expect(JSON.stringify(map.options.style)).toContain('mapbox://styles/mapbox/streets-v12/tiles');
    expect(map.options.zoom).toBe(9);
    expect(map.options.center).toEqual([72.8777, 19.076]);
  });

  it('picks a clicked point, shows it, and picks the centre with Enter', async () => {
    const onPick = vi.fn();
    render(<MapView onPick={onPick} defaultCenter={{ latitude: 28.6139, longitude: 77.209 }} />);
    const map = await mounted();
    act(() => map.emit('click', { lngLat: { lng: 77.1234567, lat: 28.7654321 } }));
    expect(onPick).toHaveBeenCalledWith(77.123457, 28.765432);
    expect(await screen.findByRole('img', { name: 'Picked point 28.765432, 77.123457' })).toBeInTheDocument();

    fireEvent.keyDown(map.canvas, { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(77.209, 28.6139);
    expect(map.canvas).toHaveAttribute('aria-label', 'Map. Click a point, or press Enter to pick the centre.');
  });

  it('shows a picked point owned by the screen, markers with labels, and GeoJSON layers', async () => {
    const layers = [{ id: 'zone', type: 'fill' as const, data: { type: 'FeatureCollection' as const, features: [] }, paint: { 'fill-color': '#f00' } }];
    const { rerender } = render(<MapView picked={[77, 28]} markers={[{ id: 'a', lng: 77.1, lat: 28.1, label: 'Hub A' }]} layers={layers} />);
    const map = await mounted();
    expect(await screen.findByRole('img', { name: 'Picked point 28.000000, 77.000000' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Hub A at 28.100000, 77.100000' })).toHaveTextContent('Hub A');
    expect(map.layers.has('waypost-zone')).toBe(true);

    rerender(<MapView picked={null} markers={[]} layers={[]} />);
    await waitFor(() => expect(screen.queryByRole('img', { name: /Picked point/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: /Hub A/ })).not.toBeInTheDocument();
    expect(map.layers.has('waypost-zone')).toBe(false);
  });

  it('draws markers with the map it is showing, and swaps a new set in at once', async () => {
    const { rerender } = render(<MapView markers={[{ id: 'a', lng: 77.1, lat: 28.1, label: 'Hub A' }]} />);
    await mounted();
    expect(screen.getByRole('img', { name: 'Hub A at 28.100000, 77.100000' })).toBeInTheDocument();
    rerender(<MapView markers={[{ id: 'b', lng: 72.8, lat: 19, label: 'Hub B' }]} picked={[72, 19]} />);
    expect(screen.queryByRole('img', { name: /Hub A/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hub B at 19.000000, 72.800000' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picked point 19.000000, 72.000000' })).toBeInTheDocument();
  });

  it('moves when the centre or zoom props change', async () => {
    const { rerender } = render(<MapView center={[77, 28]} />);
    const map = await mounted();
    rerender(<MapView center={[80, 13]} zoom={7} />);
    expect(map.jumps.at(-1)).toEqual({ center: [80, 13], zoom: 7 });
  });
});
