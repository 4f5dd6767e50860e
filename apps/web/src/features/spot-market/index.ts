// The spot-market feature's public face (the route modules use it).
export { SpotMarket } from './components/spot-market.tsx';
