import { LinkDetailScreen } from '../../features/google-home/components/link-detail-screen.tsx';

export default LinkDetailScreen;
