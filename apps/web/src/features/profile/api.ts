import { orpc } from "@/lib/rpc";

export const bioQueryOptions = () => orpc.user.getBio.queryOptions();
export const BIO_KEY = orpc.user.getBio.key();
