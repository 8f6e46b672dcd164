import { NotFoundScreen } from '../../features/not-found/not-found-screen.tsx';

export default NotFoundScreen;
