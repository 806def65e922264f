// The app's tsconfig leaves resolveJsonModule off; this is the one JSON module the map imports.
declare module 'world-atlas/countries-50m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
