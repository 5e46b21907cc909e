import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetWebPreviewUi } from '@flotilla/shared/contracts';
import { notFound } from '../../lib/app-error';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';
import { checkShareOrigin } from './chat-access';

const tags = ['chat'];

/** What the public chat page needs besides its messages: how the share looks. */
const sharePageRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { shares } = fastify.repos;

  route(fastify, GetWebPreviewUi, {
    config: { auth: PUBLIC },
    tags,
    summary:
      "How a share's chat page looks: name, icon, colour, welcome, suggested questions (no login); 404 when the share or its robot is off, or the share expired; 403 ORIGIN_NOT_ALLOWED from a site the share's allowed origins leave out",
    handler: async (request) => {
      const share = await shares.publicInfo(request.query.shareId);
      if (!share) throw notFound('SHARE_NOT_FOUND');
      checkShareOrigin(fastify, request, share.allowedOrigins);
      const { shareId, name, icon, themeColor, welcome, suggestedQuestions } = share.info;
      return { shareId, name, icon, themeColor, welcome, suggestedQuestions };
    },
  });
};

export default sharePageRoutes;
