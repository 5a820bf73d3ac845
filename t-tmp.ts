import { hint } from './src/rules/ai/hint';
import { POSITIONS, positionState } from './tests/ai/tactics/suite';
const s = positionState(POSITIONS.find((p) => p.name.includes('turcopoles ride over a 1-stand javelin'))!);
for (const c of hint(s, 'teutonic', { level: 'easy', seed: 2, k: 6 })) console.log(JSON.stringify(c.action), c.win.toFixed(3), c.takes, c.loses, c.reason);
