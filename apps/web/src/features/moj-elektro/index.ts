export { MojElektroLayout } from './components/moj-elektro-layout.tsx';
export { DataPage } from './components/data-page.tsx';
export { CalculationsPage } from './components/calculations-page.tsx';
export { ComparisonPage } from './components/comparison-page.tsx';
export { BatteryPage } from './components/battery-page.tsx';
export { SolarPage } from './components/solar-page.tsx';
export { ManagementPage } from './components/management-page.tsx';
