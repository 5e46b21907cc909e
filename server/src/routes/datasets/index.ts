import type { FastifyPluginAsync } from 'fastify';
import cataloguesRoutes from './catalogues';
import datasetsRoutes from './datasets';
import filesRoutes from './files';
import qaRoutes from './qa';

/** The dataset calls (DESIGN.md §5 "Calls the specification does not show"), one file per resource. */
const datasetRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(datasetsRoutes);
  await fastify.register(cataloguesRoutes);
  await fastify.register(filesRoutes);
  await fastify.register(qaRoutes);
};

export default datasetRoutes;
