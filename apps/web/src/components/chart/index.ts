export { Chart, type ChartOption, type ChartProps, ChartTheme } from './Chart';
