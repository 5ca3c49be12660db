import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { locale } from './i18n.js';
import './styles.css';

document.documentElement.lang = locale;

const root = document.getElementById('root');
if (!root) throw new Error('iAs: the page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
