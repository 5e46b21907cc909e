import type { FastifyPluginAsync } from 'fastify';
import cataloguesRoutes from './catalogues';
import datasetsRoutes from './datasets';
import filesRoutes from './files';
import qaRoutes from './qa';

/** The dataset calls (datasets, catalogues, files, QA pairs), one file per resource. */
const datasetRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(datasetsRoutes);
  await fastify.register(cataloguesRoutes);
  await fastify.register(filesRoutes);
  await fastify.register(qaRoutes);
};

export default datasetRoutes;
