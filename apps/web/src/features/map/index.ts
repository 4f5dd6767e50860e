// The map feature's public face: location settings (and any other form with coordinates) use the selector.
// Leaflet itself stays behind the selector's lazy map chunk.
export {
  CoordinatesSelector,
  type CoordinatesSelectorProps,
} from './components/coordinates-selector.tsx';
