import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { toast } from "@/lib/toast";
import { CONTENT_TOAST } from "@chatsphere/contract";
import { orpc, rpc } from "@/lib/rpc";
import { rpcErrorMessage, rpcErrorStatus } from "@/lib/rpc-error";
import type { BlogFormValues } from "./form-values";

class ImageUploadError extends Error {}

/**
 * Uploads the chosen image (if any), then creates the post with its URL. A failed upload
 * stops the submit with 'Image upload failed: {message}' (SPEC §8). An image that uploaded
 * before a failed create is reused on the next try instead of being stored twice.
 */
export function useCreateBlog(options: { onSlugTaken: (message: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  async function uploadIfChosen(image: File | null, typedUrl: string) {
    if (!image) return typedUrl;
    if (uploaded.current?.file === image) return uploaded.current.url;
    try {
      const { url } = await rpc.admin.uploadBlogImage({ image });
      uploaded.current = { file: image, url };
      return url;
    } catch (error) {
      throw new ImageUploadError(rpcErrorMessage(error, "Upload failed"));
    }
  }

  return useMutation({
    mutationFn: async ({ values, image }: { values: BlogFormValues; image: File | null }) => {
      const imageUrl = await uploadIfChosen(image, values.imageUrl);
      return rpc.admin.createBlog({ ...values, imageUrl });
    },
    onSuccess: async () => {
      toast.success(CONTENT_TOAST.blogCreated);
      await queryClient.invalidateQueries({ queryKey: orpc.blog.key() });
      await navigate({ to: "/admin/dashboard/blogs" });
    },
    onError: (error) => {
      if (error instanceof ImageUploadError) {
        toast.error(CONTENT_TOAST.imageUploadFailed(error.message));
        return;
      }
      const status = rpcErrorStatus(error);
      if (status === 409) options.onSlugTaken(error.message);
      // Refusals the admin can act on (a taken slug, a deleted tag) say why.
      const description = status !== null && status < 500 ? error.message : undefined;
      toast.error(CONTENT_TOAST.blogCreateFailed, { description });
    },
  });
}
