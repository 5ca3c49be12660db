import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { compactMode, parseHash } from './app/router.js';
import { chatStore } from './chat/chat-store.js';
import { preloadMarkdown } from './chat/RichText.js';
import './theme.css';
import './styles/base.css';
import './styles/controls.css';
import './styles/feedback.css';
import './styles/highlight.css';
import './styles/layout.css';
import './styles/chat.css';
import './styles/chat-markdown.css';
import './styles/chat-cards.css';
import './styles/chat-composer.css';
import './styles/pages-skills.css';
import './styles/pages-skill-settings.css';
import './styles/pages-audit.css';
import './styles/pages-approvals.css';
import './styles/pages-tasks.css';
import './styles/pages-settings.css';

chatStore.start();

// The chat needs the markdown renderer at once; other pages fetch it once they are idle.
if (compactMode || parseHash(window.location.hash).page === 'chat') preloadMarkdown().catch(() => undefined);
else setTimeout(() => preloadMarkdown().catch(() => undefined), 3000);

const root = document.getElementById('root');
if (!root) throw new Error('iAs: the page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
