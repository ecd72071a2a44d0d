export { Chart, type ChartOption, type ChartProps } from './Chart';
