import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShareInfoQuerySchema, WebPreviewUiSchema } from '@flotilla/shared/contracts';
import { notFound } from '../../lib/app-error';
import { PUBLIC } from '../access';

const tags = ['chat'];

/** What the public chat page needs besides its messages: how the share looks. */
const sharePageRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { shares } = fastify.repos;

  fastify.get('/v1/webPreviewUi', {
    config: { auth: PUBLIC },
    schema: {
      tags,
      summary: "How a share's chat page looks: name, icon, colour, welcome, suggested questions (no login); 404 when the share or its robot is off, or the share expired",
      querystring: ShareInfoQuerySchema,
      response: { 200: WebPreviewUiSchema },
    },
    handler: async (request) => {
      const info = await shares.publicInfo(request.query.shareId);
      if (!info) throw notFound('SHARE_NOT_FOUND');
      const { shareId, name, icon, themeColor, welcome, suggestedQuestions } = info;
      return { shareId, name, icon, themeColor, welcome, suggestedQuestions };
    },
  });
};

export default sharePageRoutes;
