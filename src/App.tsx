// The console: the routes. antd's theme and locale are applied by the screens behind sign-in (ConsoleTheme).
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router/AppRoutes';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
