import { createRoot } from 'react-dom/client';
import { languageReady } from '@/i18n';
import { HostApp } from './HostApp';

// The English catalogue is a chunk of its own: the first render waits for the language in effect.
void languageReady().then(() => createRoot(document.getElementById('root')!).render(<HostApp />));
