// The floor of any React app (the "bare React 19 page" of docs/decisions/0026): React and React DOM, one render, nothing else.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  createElement(
    'main',
    null,
    createElement('h1', null, 'A bare React 19 page'),
    createElement('p', null, 'React and React DOM rendering this paragraph: the floor of any React app.'),
  ),
);
