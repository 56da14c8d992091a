import { createRoot } from 'react-dom/client';
import { HostApp } from './HostApp';

createRoot(document.getElementById('root')!).render(<HostApp />);
