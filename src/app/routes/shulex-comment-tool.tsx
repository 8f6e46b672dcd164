import { CommentToolScreen } from '../../features/comments/components/comment-tool-screen.tsx';

export default CommentToolScreen;
