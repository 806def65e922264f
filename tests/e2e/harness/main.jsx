// Test-only page that mounts src/ui components for the browser tests (tests/e2e/ui-*.spec.ts).
// Built by ./vite.config.ts into a temporary folder; never part of the app's build or routes.
// Plain JSX because tsconfig.node.json type-checks tests/ for Node (no DOM, no JSX); the
// components it mounts are typed and tested in src/.
import './harness.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DocumentViewer } from '../../../src/ui/document-viewer/index.ts';
import { MapView } from '../../../src/ui/map/index.ts';

const params = new URLSearchParams(location.search);

function MapHarness() {
  const [picked, setPicked] = useState(null);
  return (
    <main className="p-4">
      <MapView
        markers={[{ id: 'hub', lng: 77.209, lat: 28.6139, label: 'Delhi hub', color: '#16a34a' }]}
        onPick={(lng, lat) => setPicked([lng, lat])}
        picked={picked}
        height={Number(params.get('height') ?? 600)}
      />
      <output data-testid="picked">{picked ? `${picked[0]},${picked[1]}` : ''}</output>
    </main>
  );
}

function ViewerHarness() {
  const [open, setOpen] = useState(true);
  return (
    <main className="p-4">
      <button type="button" onClick={() => setOpen(true)}>
        Open document
      </button>
      <DocumentViewer
        open={open}
        onClose={() => setOpen(false)}
        url={params.get('url') ?? ''}
        fileName={params.get('name') ?? 'document'}
        mimeType={params.get('type')}
      />
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode>{params.get('view') === 'viewer' ? <ViewerHarness /> : <MapHarness />}</StrictMode>);
