import { start } from './app/start.tsx';
import './styles/main.css';

// The entry's chunk is a file of its own, gzipped on its own: it holds this one call. The start-up's code
// (app/start.tsx) is in the first load's one chunk (vite.config.ts), where it compresses with the code it
// calls: about 90 bytes less of the first load (scripts/size-budget.ts).
start(document.getElementById('root')!);
